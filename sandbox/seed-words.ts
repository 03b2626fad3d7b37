/** Word lists for realistic Brazilian seed data (people, companies, places, reasons). */

export const FEMALE_NAMES = [
  "Maria", "Ana", "Francisca", "Antonia", "Adriana", "Juliana", "Márcia", "Fernanda", "Patrícia",
  "Aline", "Sandra", "Camila", "Amanda", "Bruna", "Jéssica", "Letícia", "Júlia", "Luciana",
  "Vanessa", "Mariana", "Gabriela", "Beatriz", "Larissa", "Raquel", "Renata", "Débora",
  "Cristiane", "Tatiane", "Priscila", "Helena", "Sofia", "Valentina", "Alice", "Laura", "Isabela",
  "Lívia", "Yasmin", "Cecília", "Kelly", "Rosângela", "Simone", "Elaine", "Josefa", "Joana",
];

export const MALE_NAMES = [
  "José", "João", "Antônio", "Francisco", "Carlos", "Paulo", "Pedro", "Lucas", "Luiz", "Marcos",
  "Luis", "Gabriel", "Rafael", "Daniel", "Marcelo", "Bruno", "Eduardo", "Felipe", "Raimundo",
  "Rodrigo", "Manoel", "Mateus", "André", "Fernando", "Thiago", "Leonardo", "Gustavo",
  "Vinícius", "Diego", "Sebastião", "Caio", "Enzo", "Heitor", "Davi", "Arthur", "Guilherme",
  "Igor", "Otávio", "Wesley", "Cláudio", "Edson", "Rogério", "Reinaldo", "Severino",
];

export const SURNAMES = [
  "Silva", "Santos", "Oliveira", "Souza", "Rodrigues", "Ferreira", "Alves", "Pereira", "Lima",
  "Gomes", "Costa", "Ribeiro", "Martins", "Carvalho", "Almeida", "Lopes", "Soares", "Fernandes",
  "Vieira", "Barbosa", "Rocha", "Dias", "Nascimento", "Andrade", "Moreira", "Nunes", "Marques",
  "Machado", "Mendes", "Freitas", "Cardoso", "Ramos", "Gonçalves", "Santana", "Teixeira",
  "Araújo", "Pinto", "Correia", "Cavalcanti", "Monteiro", "Moura", "Batista", "Campos",
  "Azevedo", "Barros", "Castro", "Farias", "Brito", "Xavier", "Pires", "Coelho", "Magalhães",
  "Queiroz", "Sales", "Tavares", "Bezerra", "Nogueira", "Medeiros", "Siqueira", "Fonseca",
  "Prado", "Borges", "Guimarães", "Leite", "Mota", "Peixoto", "Paiva", "Aguiar", "Sampaio",
];

export const COMPANY_KINDS = [
  "Padaria", "Mercado", "Farmácia", "Auto Peças", "Distribuidora", "Transportadora", "Comércio de",
  "Construtora", "Restaurante", "Açougue", "Papelaria", "Clínica", "Laboratório", "Oficina",
  "Materiais de Construção", "Pet Shop", "Academia", "Escola", "Consultoria", "Tecnologia",
  "Logística", "Imobiliária", "Hortifruti", "Lanchonete", "Serralheria", "Gráfica", "Ótica",
  "Agropecuária", "Confecções", "Calçados", "Móveis", "Eletrônicos", "Engenharia", "Contabilidade",
];

export const COMPANY_NAMES = [
  "Bom Jesus", "São Jorge", "Nossa Senhora Aparecida", "Estrela", "Central", "Paulista",
  "Mineira", "Nordeste", "Progresso", "Esperança", "Primavera", "Ipê", "Sol Nascente", "Aurora",
  "Horizonte", "Boa Vista", "Santa Luzia", "Três Irmãos", "Família", "União", "Real", "Ouro Verde",
  "Vitória", "Pioneira", "Bandeirantes", "Atlântico", "Cerrado", "Pantanal", "Amazônia",
  "Litoral", "Jequitibá", "Guarani", "Tupã", "Araucária", "Jacarandá", "Cristal", "Diamante",
];

export const COMPANY_SUFFIXES = ["Ltda", "Ltda", "Ltda", "ME", "EIRELI", "S.A.", "EPP", "Ltda ME"];

export const CITIES = [
  "São Paulo", "Rio de Janeiro", "Belo Horizonte", "Salvador", "Fortaleza", "Brasília", "Curitiba",
  "Recife", "Porto Alegre", "Manaus", "Belém", "Goiânia", "Campinas", "São Luís", "Maceió",
  "Natal", "Teresina", "João Pessoa", "Florianópolis", "Vitória", "Cuiabá", "Campo Grande",
  "Londrina", "Ribeirão Preto", "Uberlândia", "Sorocaba", "Joinville", "Santos", "Aracaju",
];

/** Area codes (DDD) of the larger Brazilian cities. */
export const AREA_CODES = [
  "11", "11", "11", "21", "21", "31", "41", "51", "61", "71", "81", "85", "92", "91", "62", "19",
  "27", "48", "47", "98", "84", "83", "86", "65", "67", "43", "16", "34", "15", "13", "79", "82",
];

export const EMAIL_DOMAINS = [
  "gmail.com", "gmail.com", "gmail.com", "hotmail.com", "outlook.com", "yahoo.com.br",
  "uol.com.br", "bol.com.br", "terra.com.br", "icloud.com", "live.com",
];

export const CANCELLATION_REASONS = [
  "Chave Pix não encontrada no DICT",
  "Conta de destino encerrada ou bloqueada",
  "Recusado pelo PSP recebedor",
  "Tempo limite de confirmação excedido",
  "Cancelado por solicitação do pagador",
  "Suspeita de fraude: transação bloqueada pela análise de risco",
  "Dados bancários do recebedor inválidos",
  "Limite diário de transferências excedido",
];

/** Cancellations that happen before the payment is sent (no end_to_end exists yet). */
export const EARLY_CANCELLATION_REASONS = [
  "Autorização recusada",
  "Cancelado por solicitação do pagador",
  "Suspeita de fraude: transação bloqueada pela análise de risco",
  "Limite diário de transferências excedido",
];

/** Removes accents and keeps what a BR Code name/city field may carry (upper-case ASCII). */
export function toBrCodeText(text: string, max: number): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9 .\-]/g, "")
    .toUpperCase()
    .trim()
    .slice(0, max)
    .trim();
}

/** An e-mail local part from a name: "José da Silva" -> "jose.silva". */
export function emailLocalPart(name: string): string {
  const words = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z ]/g, "")
    .split(/\s+/)
    .filter((w) => w.length > 2);
  const first = words[0] ?? "cliente";
  const last = words[words.length - 1] ?? "pix";
  return first === last ? first : `${first}.${last}`;
}
